-- deals.city_id (decision 140): fill the copy only when a write can change it. The trigger of
-- 20261123140000 ran on every UPDATE of a deal, including the counter's used_count update on each
-- redemption (a lookup of the business for nothing); an UPDATE can change the copy only by naming
-- merchant_id or city_id itself.
drop trigger deals_city_from_merchant on public.deals;
create trigger deals_city_from_merchant
  before insert or update of merchant_id, city_id on public.deals
  for each row execute function private.deal_city_from_merchant();
