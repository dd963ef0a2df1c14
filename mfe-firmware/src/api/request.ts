// Calls that shared-api's helpers do not cover yet. Should move to @fleet/shared-api (see README).
import { api, ApiError, isNetworkFailure, NETWORK_ERROR_MESSAGE, type ApiAnswer } from '@fleet/shared-api';

/**
 * DELETE with a JSON body (docs/ota-calls.md: `DELETE /api/ota/delete` takes `{ota_id, deviceType}`);
 * apiDelete sends search params only. Same client, so the same failure rules (status:false, 401, network).
 */
export async function apiDeleteJson<T>(path: string, body: unknown): Promise<ApiAnswer<T>> {
  try {
    const response = await api.delete(path.replace(/^\/+/, ''), { json: body });
    const text = await response.text();
    return (text ? JSON.parse(text) : { status: true, message: '', info: undefined }) as ApiAnswer<T>;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (isNetworkFailure(err)) throw new ApiError(0, NETWORK_ERROR_MESSAGE);
    throw err;
  }
}
