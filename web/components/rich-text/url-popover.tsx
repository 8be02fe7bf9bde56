import { Button, Group, Popover, TextInput, Tooltip } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';

type UrlPopoverProps = {
  opened: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** The toolbar button that opens it, and the tooltip that names it. */
  target: { element: ReactElement; tooltip: string };
  label: string;
  placeholder: string;
  submitLabel: string;
  initialValue: string;
  /** The error to show for a value, or null when it can be applied. */
  validate: (value: string) => string | null;
  onSubmit: (value: string) => void;
  /** Offered when there is something to remove (an existing link). */
  remove?: { label: string; onRemove: () => void };
  testId: string;
};

/** A small form under a toolbar button that asks for an address (a link, a video). */
export function UrlPopover(props: UrlPopoverProps) {
  const { opened, onOpen, onClose, target, testId } = props;
  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? onOpen() : onClose())}
      position="bottom-start"
      trapFocus
      returnFocus
      shadow="md"
      width={340}
    >
      <Tooltip label={target.tooltip} openDelay={400} withinPortal>
        <Popover.Target>{target.element}</Popover.Target>
      </Tooltip>
      <Popover.Dropdown data-testid={testId}>{opened ? <UrlForm {...props} /> : null}</Popover.Dropdown>
    </Popover>
  );
}

function UrlForm({
  label,
  placeholder,
  submitLabel,
  initialValue,
  validate,
  onSubmit,
  onClose,
  remove,
}: UrlPopoverProps) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const problem = validate(value);
    setError(problem);
    if (problem === null) {
      onSubmit(value);
    }
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <TextInput
        label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            onClose();
          }
        }}
        error={error}
        data-autofocus
        inputMode="url"
        autoComplete="off"
      />
      <Group justify="flex-end" gap="xs" mt="sm">
        {remove ? (
          <Button variant="subtle" color="red" size="xs" onClick={remove.onRemove}>
            {remove.label}
          </Button>
        ) : null}
        <Button type="submit" size="xs">
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
