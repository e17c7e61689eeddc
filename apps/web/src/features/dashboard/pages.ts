// The dashboard's one route chunk: the router imports this module lazily for every /dashboard page,
// so nothing of the dashboard is in the first page's JavaScript.
export { CatalogPage } from './CatalogPage';
export { CommentsModerationPage } from './CommentsModerationPage';
export { DashboardLayout } from './DashboardLayout';
export { FeaturedReviewsPage } from './FeaturedReviewsPage';
export { FederationPage } from './FederationPage';
export { OverviewPage } from './OverviewPage';
export { ReviewsModerationPage } from './ReviewsModerationPage';
export { UsersPage } from './UsersPage';
export { SubmissionsModerationPage } from '../submissions/SubmissionsModerationPage';
export { ReportsQueuePage } from '../reports/ReportsQueuePage';
export { RegistrationsPage } from '../registration/RegistrationsPage';
