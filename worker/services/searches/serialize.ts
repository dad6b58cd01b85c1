import type { SearchApp } from "../../contract/searches";
import type { SearchAppRow } from "../../db/schema";
import { searchConfigOf } from "./internal";

export const toSearchApp = (row: SearchAppRow): SearchApp => ({
  id: row.id,
  tenant_id: row.tenantId,
  created_by: row.createdBy,
  name: row.name,
  description: row.description,
  avatar: row.avatar,
  search_config: searchConfigOf(row),
  create_time: row.createTime,
  update_time: row.updateTime,
});
