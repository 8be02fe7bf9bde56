import { Button, Code, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowRight, IconWorldQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ClientConfig } from '../../contracts/platform';
import { FullPageMessage } from './full-page-message';
import classes from './unknown-host-page.module.css';

type UnknownHostPageProps = {
  config: Pick<ClientConfig, 'serviceHost' | 'publicDomain'>;
  /** The host the browser asked for (`location.host`). */
  host: string;
};

/**
 * A host that is neither the service host nor the apps' public domain: say what this server is configured for
 * and lead to the service host, instead of a 404 that leaves a new owner guessing (`PORT=3100` without hosts).
 */
export function UnknownHostPage({ config, host }: UnknownHostPageProps) {
  const { t } = useTranslation();
  const protocol = window.location.protocol;
  const serviceAddress = `${protocol}//${config.serviceHost}/`;
  return (
    <FullPageMessage
      data-testid="unknown-host"
      fullScreen
      color="orange"
      icon={<IconWorldQuestion size={32} stroke={1.6} />}
      title={t('app.unknownHost.title')}
      text={t('app.unknownHost.text', { host })}
      actions={
        <Stack gap="lg" align="center" className={classes.body}>
          <Paper withBorder radius="md" className={classes.card}>
            <Table verticalSpacing={8} horizontalSpacing="md" className={classes.table}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th scope="row">{t('app.unknownHost.serviceHost')}</Table.Th>
                  <Table.Td>
                    <Code data-testid="configured-service-host">{config.serviceHost}</Code>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t('app.unknownHost.publicDomain')}</Table.Th>
                  <Table.Td>
                    <Code data-testid="configured-public-domain">{`${config.publicDomain}/…`}</Code>
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Text size="sm" className={classes.hint}>
              {t('app.unknownHost.hint')}
            </Text>
          </Paper>
          <Button
            component="a"
            href={serviceAddress}
            size="md"
            rightSection={<IconArrowRight size={18} stroke={1.8} />}
            data-testid="unknown-host-start"
          >
            {t('app.unknownHost.open', { host: config.serviceHost })}
          </Button>
        </Stack>
      }
    />
  );
}
