export { TermsPage as default } from './ArticlePage';
