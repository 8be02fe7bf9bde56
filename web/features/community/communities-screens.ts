// The communities area's lazy chunk: its layout with the categories, the overview and a category's posts.
import './community-styles';

export { CommunitiesLayout } from './communities/communities-layout';
export { CategoryPage, CommunitiesPage } from './communities/communities-pages';
