import { Avatar } from "@chakra-ui/react";
import type { ComponentProps } from "react";
import { imageSrc } from "../../lib/image-src";

type Props = { name: string; avatar: string | null } & Pick<ComponentProps<typeof Avatar.Root>, "size">;

export const DatasetAvatar = ({ name, avatar, size = "md" }: Props) => (
  <Avatar.Root size={size} shape="rounded" colorPalette="teal">
    <Avatar.Fallback name={name} />
    {avatar && <Avatar.Image src={imageSrc(avatar)} alt="" />}
  </Avatar.Root>
);
