// The slider form (spec 5, Slider): name required, link a valid http/https URL ('Link is
// invalid.Enter valid link'), an image required on add. The image is one of the dropzone's default
// picture types, at most its 52428800 bytes (the dropzone says so in red under itself).
import { NAME_MAX_LENGTH, URL_PATTERN } from '@fleet/shared-api';
import * as yup from 'yup';

export const IMAGE_ACCEPT = ['.jpeg', '.jpg', '.png'] as const;

export function sliderSchema(adding: boolean) {
  return yup.object({
    name: yup.string().default('').trim().required('tariffs.sliders.nameRequired').max(NAME_MAX_LENGTH, 'tariffs.sliders.nameTooLong'),
    link: yup.string().default('').trim().matches(URL_PATTERN, 'tariffs.sliders.linkInvalid'),
    image: yup
      .mixed<File>()
      .nullable()
      .default(null)
      .test('required', 'tariffs.sliders.imageRequired', (file) => !adding || file instanceof File),
  });
}

export interface SliderFormValues {
  name: string;
  link: string;
  image: File | null;
}
