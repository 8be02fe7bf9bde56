// The cloud library's lazy chunk: the full page on both hosts and the picker's test page.
import './cloud-styles';

export { AppCloudPage, ProjectCloudPage } from './cloud-page';
export { CloudPickerDemoPage } from './picker-demo-page';
