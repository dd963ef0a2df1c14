import { Button, HStack } from '@fleet/shared-ui';
import { useHeatPumpTranslation } from '../i18n/translation';

export type FaultTab = '0' | '1';

/**
 * The UnResolved (0) and Resolved (1) tabs (spec): a tab list of two buttons. Chakra's Tabs would put
 * its state machine into the shared chunk of every page for this one control (docs/architecture.md,
 * page weight); arrow keys move between the two as in a tab list.
 */
export function FaultTabs({ value, onChange }: { value: FaultTab; onChange: (tab: FaultTab) => void }) {
  const { t } = useHeatPumpTranslation();
  const tabs: Array<[FaultTab, string]> = [
    ['0', t('faults.unresolved')],
    ['1', t('faults.resolved')],
  ];
  return (
    <HStack role="tablist" aria-label={t('faults.tabs')} gap="0" mb="3" borderBottomWidth="1px">
      {tabs.map(([tab, label]) => {
        const selected = tab === value;
        return (
          <Button
            key={tab}
            role="tab"
            id={`fault-tab-${tab}`}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            variant="ghost"
            size="sm"
            rounded="none"
            borderBottomWidth="2px"
            borderColor={selected ? 'colorPalette.solid' : 'transparent'}
            colorPalette="teal"
            fontWeight={selected ? 'semibold' : 'normal'}
            onClick={() => !selected && onChange(tab)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
                const next: FaultTab = tab === '0' ? '1' : '0';
                onChange(next);
                document.getElementById(`fault-tab-${next}`)?.focus();
              }
            }}
          >
            {label}
          </Button>
        );
      })}
    </HStack>
  );
}
