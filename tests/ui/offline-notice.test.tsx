// @vitest-environment happy-dom
import { act, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { kk } from '../../src/i18n/kk';
import { OfflineNotice, offlineNoticeText } from '../../web/ui/common/OfflineNotice';
import { renderPage } from './support/render';

afterEach(cleanup);

const notice = () => document.querySelector<HTMLElement>('[data-testid="offline-notice"]');

describe('offline notice', () => {
  it('A4-11 shows "offline, last updated HH:MM" in the visitor’s zone while the root says offline, and goes when online', () => {
    const { site } = renderPage(<OfflineNotice timeZone="Asia/Almaty" />);
    expect(notice()?.hidden).toBe(true);
    expect(notice()?.textContent).toBe('');
    // 09:07:40 UTC is 14:07 in Almaty (UTC+5).
    act(() => site.send({ type: 'feeds.synced', at: Date.UTC(2026, 10, 22, 9, 7, 40) }));
    act(() => site.send({ type: 'page.online', online: false }));
    expect(notice()?.hidden).toBe(false);
    expect(notice()?.getAttribute('role')).toBe('status');
    expect(notice()?.textContent).toBe('Желіден тыс · соңғы жаңарту 14:07');
    act(() => site.send({ type: 'page.online', online: true }));
    expect(notice()?.hidden).toBe(true);
    expect(notice()?.textContent).toBe('');
  });

  it('the time follows the zone, and offline before any data says offline alone', () => {
    const at = Date.UTC(2026, 10, 22, 23, 59, 59);
    expect(offlineNoticeText(at, 'UTC')).toBe(kk.offline.notice('23:59'));
    expect(offlineNoticeText(at, 'Asia/Tokyo')).toBe(kk.offline.notice('08:59'));
    expect(offlineNoticeText(null, 'UTC')).toBe(kk.offline.noticeNoData);
    const { site } = renderPage(<OfflineNotice timeZone="UTC" />);
    act(() => site.send({ type: 'page.online', online: false }));
    expect(notice()?.textContent).toBe('Желіден тыс');
  });
});
