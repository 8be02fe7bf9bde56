import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tagNamesOf, type CsvPreview } from './csv-preview';
import classes from './app-members.module.css';

/** The first rows as the import will read them; ignored columns are greyed. */
export function CsvPreviewTable({ preview }: { preview: CsvPreview }) {
  const { t } = useTranslation();
  return (
    <div className={classes.previewWrap} data-testid="csv-preview">
      <Table className={classes.previewTable} withColumnBorders verticalSpacing={6} horizontalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {preview.header.map((cell, index) => {
              const column = preview.columns[index];
              return (
                <Table.Th key={index} data-ignored={column === null || undefined}>
                  <div className={classes.previewHead}>
                    <span>{cell || '—'}</span>
                    {column ? (
                      <Badge
                        size="xs"
                        variant="light"
                        radius="sm"
                        styles={{ root: { textTransform: 'none' } }}
                      >
                        {t(`members.import.columns.${column}`)}
                      </Badge>
                    ) : (
                      <Text size="xs" c="dimmed">
                        {t('members.import.columnIgnored')}
                      </Text>
                    )}
                  </div>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.rows.map((row, rowIndex) => (
            <Table.Tr key={rowIndex}>
              {preview.header.map((_, index) => (
                <Table.Td
                  key={index}
                  data-ignored={preview.columns[index] === null || undefined}
                  data-column={preview.columns[index] ?? undefined}
                >
                  {preview.columns[index] === 'tags' ? (
                    // Tags wrap as chips instead of running off the table's edge.
                    <span className={classes.previewTags}>
                      {tagNamesOf(row[index] ?? '').map((name) => (
                        <Badge key={name} size="sm" variant="light" color="gray" radius="sm" tt="none">
                          {name}
                        </Badge>
                      ))}
                    </span>
                  ) : (
                    (row[index] ?? '')
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
