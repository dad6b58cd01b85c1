import { createFileRoute } from "@tanstack/react-router";
import { LocaleForm } from "../features/settings/locale-form";

export const Route = createFileRoute("/_app/user-setting/locale")({ component: LocaleForm });
