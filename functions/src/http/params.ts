import * as z from 'zod';
import { idSchema } from '@parts/shared/schemas';

export const idParamSchema = z.object({ id: idSchema });
export const slugParamSchema = z.object({ slug: z.string().min(1).max(300) });
