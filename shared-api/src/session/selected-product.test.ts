import { act, renderHook } from '@testing-library/react';
import { SELECTED_PRODUCT_KEY } from './storage-keys';
import { DEFAULT_PRODUCT, readStoredProduct, useSelectedProduct } from './selected-product';

beforeEach(() => {
  localStorage.clear();
  useSelectedProduct.setState({ product: readStoredProduct() });
});

test("starts on 'all' with nothing stored, reads ihd as electricity-advisor, ignores junk", () => {
  expect(readStoredProduct()).toBe(DEFAULT_PRODUCT);
  expect(DEFAULT_PRODUCT).toBe('all');
  localStorage.setItem(SELECTED_PRODUCT_KEY, 'ihd');
  expect(readStoredProduct()).toBe('electricity-advisor');
  localStorage.setItem(SELECTED_PRODUCT_KEY, 'toaster');
  expect(readStoredProduct()).toBe('all');
});

test('select stores the key and re-renders readers; deviceType maps to the server name', () => {
  const { result } = renderHook(() => useSelectedProduct((state) => state.product));
  act(() => useSelectedProduct.getState().select('heat_pump'));
  expect(result.current).toBe('heat_pump');
  expect(localStorage.getItem(SELECTED_PRODUCT_KEY)).toBe('heat_pump');
  act(() => useSelectedProduct.getState().select('electricity-advisor'));
  expect(useSelectedProduct.getState().deviceType()).toBe('ihd');
});

test('another tab switching product is followed', () => {
  localStorage.setItem(SELECTED_PRODUCT_KEY, 'bulb');
  window.dispatchEvent(new StorageEvent('storage', { key: SELECTED_PRODUCT_KEY }));
  expect(useSelectedProduct.getState().product).toBe('bulb');
});
