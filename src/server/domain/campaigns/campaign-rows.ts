/** A campaign and a package as their tables hold them (money in integer cents). */

export interface PackageRow {
  id: number;
  name: string;
  click_rate_cents: number;
  max_slots: number;
  ranks: string;
  categories: string[];
  ad_icon: boolean;
  popup_ads: boolean;
}

export interface CampaignRow {
  id: number;
  user_id: number;
  profile_username: string;
  package_id: number;
  category_slug: string | null;
  status: boolean;
  click_rate_cents: number;
  clicks_purchased: number;
  clicks_count: number;
  remaining_clicks: number;
  amount_deposit_cents: number;
  amount_remaining_cents: number;
  billed_cents: number;
  refunded_cents: number;
  start_date: Date;
  end_date: Date | null;
  created_at: Date;
  updated_at: Date;
}
