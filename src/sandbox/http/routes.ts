/** Every REST route of the sandbox, one file per endpoint family. */
import { accountRoutes } from './account.js';
import { fundingRoutes } from './funding.js';
import { orderRoutes } from './orders.js';
import { publicRoutes } from './public.js';
import type { Route } from './route.js';

export const ROUTES: Route[] = [...publicRoutes, ...orderRoutes, ...accountRoutes, ...fundingRoutes];
