// The member page's lazy chunk, with the Mantine styles it uses.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Skeleton.css';

export { MemberComments } from './member-comments';
export { MemberActivity, MemberPage } from './member-page';
export { MemberSpaces } from './member-spaces';
