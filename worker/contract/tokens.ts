export type ApiToken = {
  id: string;
  tenant_id: string;
  token: string;
  beta: string;
  dialog_id: string | null;
  source: string | null;
  create_time: number;
  create_date: string;
  update_time: number | null;
  update_date: string | null;
};
