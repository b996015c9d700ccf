export interface ClickEvent {
  id: string;
  username: string;
  at: Date;
}

export interface ClickBatchResult {
  received: number;
  duplicates: number;
  billed: number;
  unbilled: number;
  endedCampaigns: number;
}

/** A group's answers, and each campaign it used up with the batch that took its last click. */
export interface Recorded {
  results: ClickBatchResult[];
  usedUp: { batch: number; id: number }[];
}
