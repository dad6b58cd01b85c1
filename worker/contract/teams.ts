import * as v from "valibot";
import { msg, oneOf } from "./pydantic";
import { EmailSchema } from "./users";

export const TEAM_ROLES = ["owner", "admin", "normal", "invite"] as const;
export type TeamRoleName = (typeof TEAM_ROLES)[number];

export const InviteMemberSchema = v.strictObject({ email: EmailSchema }, msg.extra);
export const ChangeRoleSchema = v.strictObject({ role: oneOf(["admin", "normal"] as const) }, msg.extra);
export type ChangeRoleInput = v.InferOutput<typeof ChangeRoleSchema>;

// An invitation also says whether an email went out (only with SMTP configured).
export type Invitation = TeamMember & { email_sent: boolean };

export type TeamMember = {
  user_id: string;
  email: string;
  nickname: string;
  avatar: string | null;
  role: TeamRoleName;
  // when the invitation was made / accepted (ms)
  create_time: number;
  update_time: number;
};

// A team the user belongs to or is invited to, with its owner.
export type JoinedTeam = {
  tenant_id: string;
  name: string;
  role: TeamRoleName;
  owner_id: string;
  nickname: string;
  email: string;
  avatar: string | null;
  create_time: number;
  update_time: number;
};
