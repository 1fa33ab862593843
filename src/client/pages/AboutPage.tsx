export { AboutPage as default } from './ArticlePage';
