// A post's page with its conversation: a chunk of its own, shared by the groups and the communities.
import './community-styles';

export { PostPage, SharedPostPage } from './post/post-page';
