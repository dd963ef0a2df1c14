import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { forwardRef, useState } from 'react';
import { EyeIcon, EyeOffIcon } from '../icons';
import { useUiTranslation } from '../texts/ui-texts';

export type PasswordInputProps = Omit<InputProps, 'type'>;

/** A password box with a show/hide toggle; forwards its ref so react-hook-form's `register` works. */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(props, ref) {
  const { t } = useUiTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="xs"
          me="-2"
          aria-label={visible ? t('password.hide') : t('password.show')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          disabled={props.disabled}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </IconButton>
      }
    >
      <Input ref={ref} type={visible ? 'text' : 'password'} autoComplete="current-password" {...props} />
    </InputGroup>
  );
});
