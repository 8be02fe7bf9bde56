import { ColorInput, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { menuLayoutValues, type MenuLayout } from '../../../contracts/theme-enums';
import { AccountSection } from '../account';
import { defaultPrimaryColor } from './general-values';
import classes from './app-settings.module.css';

/** Colours that carry white text well; any other can be typed or picked. */
const swatches = ['#6653e6', '#1c7ed6', '#0c8599', '#2f9e44', '#e8590c', '#e03131', '#c2255c', '#495057'];

type Box = { top: number; left: number; width: number; height: number };
const pct = ({ top, left, width, height }: Box) => ({
  top: `${top}%`,
  left: `${left}%`,
  width: `${width}%`,
  height: `${height}%`,
});

/** A sketch of each menu layout: where the bar (light) and its entries (strong) sit. */
const sketches: Record<MenuLayout, { bars: Box[]; accents: Box[] }> = {
  top: {
    bars: [{ top: 0, left: 0, width: 100, height: 22 }],
    accents: [
      { top: 8, left: 34, width: 12, height: 6 },
      { top: 8, left: 50, width: 12, height: 6 },
      { top: 8, left: 66, width: 12, height: 6 },
    ],
  },
  left: {
    bars: [
      { top: 0, left: 0, width: 100, height: 18 },
      { top: 18, left: 0, width: 24, height: 82 },
    ],
    accents: [
      { top: 30, left: 4, width: 15, height: 7 },
      { top: 46, left: 4, width: 15, height: 7 },
      { top: 62, left: 4, width: 15, height: 7 },
    ],
  },
  second: {
    bars: [
      { top: 0, left: 0, width: 100, height: 18 },
      { top: 20, left: 0, width: 100, height: 16 },
    ],
    accents: [
      { top: 25, left: 6, width: 12, height: 6 },
      { top: 25, left: 22, width: 12, height: 6 },
      { top: 25, left: 38, width: 12, height: 6 },
    ],
  },
};

type DesignSectionProps = {
  layout: MenuLayout;
  color: string;
  colorError: string | null;
  onLayout: (layout: MenuLayout) => void;
  onColor: (color: string) => void;
};

/** The app's look: the desktop menu layout and the primary colour (the owner's theme tool, spec §6). */
export function DesignSection({ layout, color, colorError, onLayout, onColor }: DesignSectionProps) {
  const { t } = useTranslation();
  return (
    <div id="design">
      <AccountSection
        title={t('appSettings.general.design.title')}
        text={t('appSettings.general.design.text')}
        testId="settings-design"
      >
        <Stack gap="lg">
          <div>
            <Text size="sm" fw={500} mb={8} id="menu-layout-label">
              {t('appSettings.general.design.menuLayout')}
            </Text>
            <div className={classes.layoutChoices} role="radiogroup" aria-labelledby="menu-layout-label">
              {menuLayoutValues.map((value) => (
                <UnstyledButton
                  key={value}
                  role="radio"
                  aria-checked={layout === value}
                  data-checked={layout === value || undefined}
                  className={classes.layoutChoice}
                  onClick={() => onLayout(value)}
                  data-testid={`menu-layout-${value}`}
                >
                  <span className={classes.layoutPreview} aria-hidden="true">
                    {sketches[value].bars.map((box, index) => (
                      <span key={`bar-${index}`} className={classes.previewBar} style={pct(box)} />
                    ))}
                    {sketches[value].accents.map((box, index) => (
                      <span key={`accent-${index}`} className={classes.previewAccent} style={pct(box)} />
                    ))}
                  </span>
                  <span className={classes.layoutChoiceLabel}>
                    {t(`appSettings.general.design.layouts.${value}`)}
                  </span>
                </UnstyledButton>
              ))}
            </div>
          </div>
          <ColorInput
            label={t('appSettings.general.design.primaryColor')}
            description={t('appSettings.general.design.primaryColorHint')}
            placeholder={defaultPrimaryColor}
            format="hex"
            swatches={swatches}
            swatchesPerRow={8}
            value={color}
            onChange={onColor}
            error={colorError}
            maw={360}
            popoverProps={{ withinPortal: true }}
            data-testid="primary-color"
          />
        </Stack>
      </AccountSection>
    </div>
  );
}
