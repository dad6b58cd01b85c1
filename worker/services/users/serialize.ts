import type { UserProfile } from "../../contract/users";
import type { Language } from "../../contract/locale";
import type { UserRow } from "../../db/schema";
import { httpDate } from "../../lib/time";

export const toUserProfile = (user: UserRow): UserProfile => ({
  id: user.id,
  email: user.email,
  nickname: user.nickname,
  avatar: user.avatar,
  language: user.language as Language,
  color_schema: user.colorSchema,
  timezone: user.timezone,
  is_active: user.isActive,
  last_login_time: user.lastLoginTime,
  tenant_id: user.id,
  create_time: user.createTime,
  create_date: httpDate(user.createTime),
  update_time: user.updateTime,
  update_date: httpDate(user.updateTime),
});
