import {
  IconAward,
  IconBolt,
  IconCrown,
  IconDiamond,
  IconFlame,
  IconHeart,
  IconLeaf,
  IconMedal,
  IconPlant,
  IconRocket,
  IconSeedling,
  IconStar,
  IconTrees,
  IconTrophy,
} from '@tabler/icons-react';
import type { MenuIcon } from '../../kernel/web-feature';

/**
 * The Tabler icons a level may carry (`icon` names one). A short set rather than the whole icon font: the
 * badge sits beside every name, so its code stays small, and every name has a label in the editor.
 */
export const levelIcons: Readonly<Record<string, MenuIcon>> = {
  seedling: IconSeedling,
  plant: IconPlant,
  leaf: IconLeaf,
  trees: IconTrees,
  star: IconStar,
  bolt: IconBolt,
  flame: IconFlame,
  heart: IconHeart,
  medal: IconMedal,
  award: IconAward,
  trophy: IconTrophy,
  rocket: IconRocket,
  diamond: IconDiamond,
  crown: IconCrown,
};

export const levelIconNames = Object.keys(levelIcons);

/** The level's icon: its uploaded image, else its Tabler icon, else a star. */
export function LevelIcon({
  icon,
  imageUrl,
  size,
}: {
  icon: string | null;
  imageUrl: string | null;
  size: number;
}) {
  if (imageUrl) {
    return (
      <img src={imageUrl} alt="" width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} />
    );
  }
  const Icon = (icon ? levelIcons[icon] : undefined) ?? IconStar;
  return <Icon size={size} stroke={1.8} />;
}
