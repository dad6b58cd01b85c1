import { createFileRoute } from "@tanstack/react-router";
import { ProfileForm } from "../features/settings/profile-form";

export const Route = createFileRoute("/_app/user-setting/profile")({
  staticData: { titleKey: "profile" },
  component: ProfileForm,
});
