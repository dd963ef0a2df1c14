// @fleet/shared-ui/overlays: dialogs and drawers. A share key of its own: the dialog machinery (focus
// trap, dismissal, scroll lock) loads with the first screen that opens one, not with the sign-in page
// (docs/architecture.md, page weight). Same design system, same provider: it runs in the same build as
// @fleet/shared-ui, so Chakra's contexts and the theme are the ones of the page.
export { Dialog, Drawer } from '@chakra-ui/react';
export { ModalDialog, type ModalDialogProps } from './dialogs/ModalDialog';
export { ConfirmDialog, type ConfirmDialogProps } from './dialogs/ConfirmDialog';
export { EditDialog, type EditDialogProps } from './dialogs/EditDialog';
export { useDialogForm, useOnOpen, type DialogForm, type DialogFormOptions, type DialogSave } from './dialogs/useDialogForm';
export { FilterDrawer, type FilterDrawerProps } from './filters/FilterDrawer';
// the whole text opens in a dialog
export { ReadMore, ShowMore, type ReadMoreProps, type ShowMoreProps } from './text/ShowMore';
