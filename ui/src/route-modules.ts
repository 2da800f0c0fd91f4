/**
 * Where each `page` of the route table lives. Layouts load eagerly (they frame every page);
 * pages are split into their own client chunks and loaded on demand.
 */
import type { ComponentType } from 'react';
import type { ShouldRevalidateFunction } from 'react-router';
import * as root from './layouts/root';
import * as landing from './layouts/landing';
import * as defaultLayout from './layouts/default';
import * as free from './layouts/free';
import * as outlet from './layouts/outlet';

/** What a route module may export. */
export interface RouteModule {
  default: ComponentType;
  ErrorBoundary?: ComponentType;
  loader?: unknown;
  action?: unknown;
  shouldRevalidate?: ShouldRevalidateFunction;
}

export const staticModules: Record<string, RouteModule> = {
  'layouts/root': root,
  'layouts/landing': landing,
  'layouts/default': defaultLayout,
  'layouts/free': free,
  'layouts/outlet': outlet,
};

export const pageModules: Record<string, () => Promise<RouteModule>> = {
  'pages/public/landing': () => import('./pages/public/landing'),
  'pages/public/register': () => import('./pages/public/register'),
  'pages/public/login': () => import('./pages/public/login'),
  'pages/public/reset-password': () => import('./pages/public/reset-password'),
  'pages/public/verify-email': () => import('./pages/public/verify-email'),
  'pages/admin/home': () => import('./pages/admin/home'),
  'pages/admin/theme': () => import('./pages/admin/theme'),
  'pages/admin/categories': () => import('./pages/admin/categories'),
  'pages/config/hub': () => import('./pages/config/hub'),
  'pages/config/company': () => import('./pages/config/company'),
  'pages/config/users': () => import('./pages/config/users'),
  'pages/config/licences': () => import('./pages/config/licences'),
  'pages/config/holidays': () => import('./pages/config/holidays'),
  'pages/tickets/sample-a4': () => import('./pages/tickets/sample-a4'),
  'pages/not-found': () => import('./pages/not-found'),
};
