import { createFileRoute } from "@tanstack/react-router";
import { PasswordForm } from "../features/settings/password-form";

export const Route = createFileRoute("/_app/user-setting/password")({ component: PasswordForm });
