import { Input, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmailSchema } from "../../../worker/contract/users";
import { useInviteMutation } from "../../api/teams";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import { validateForm } from "../../lib/form-errors";

export const InviteDialog = ({ tenantId, onClose }: { tenantId: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const invite = useInviteMutation(tenantId);
  const [email, setEmail] = useState("");
  const [invalid, setInvalid] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { errors } = validateForm(EmailSchema, email.trim());
    setInvalid(Boolean(errors));
    if (errors) return;
    const invitation = await invite.mutateAsync(email.trim()).catch(notifyError);
    if (!invitation) return;
    notifySuccess(invitation.email_sent ? t("teams.invitedMailed") : t("teams.invited"));
    onClose();
  };

  return (
    <FormDialog
      title={t("teams.inviteTitle")}
      onSubmit={submit}
      onClose={onClose}
      loading={invite.isPending}
      submitLabel={t("teams.invite")}
    >
      <Text fontSize="sm" color="fg.muted" mb="3">
        {t("teams.inviteHint")}
      </Text>
      <FormField label={t("teams.email")} error={invalid ? "validation.email" : undefined} required>
        <Input name="inviteEmail" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
      </FormField>
    </FormDialog>
  );
};
