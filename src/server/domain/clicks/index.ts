// Click billing (design §5): what the rest of the server uses. README.md says each rule and trick.
export { recordClicks } from './record-clicks';
export { clickRulesOf, type ClickRules } from './classify';
export { sweepCampaignsOutOfClicks } from './end-out-of-clicks';
export { upkeepClickLog } from './partitions';
