/** The clicks charts' colours: one set for the tracker's and the dashboard's charts (issue 19). */
export { chartColours } from '@/entities/stats/components/chart-colours.css';
