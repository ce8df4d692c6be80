// S3-62 mygamesGroups: My Games under its leagues (on) or as one list in start-time order (off, the default).
import { useSelector } from '@xstate/react';
import { kk } from '../../../src/i18n/kk';
import { useSiteChild } from '../common/actors';

export function useMyGamesGroups(): boolean {
  return useSelector(useSiteChild('settings'), (s) => s.context.myGamesGroups);
}

export function GroupViewToggle() {
  const settings = useSiteChild('settings');
  const on = useMyGamesGroups();
  return (
    <label className="group-view">
      <input
        type="checkbox"
        checked={on}
        data-testid="group-view"
        onChange={(e) => settings.send({ type: 'settings.myGamesGroups', on: e.currentTarget.checked })}
      />
      {kk.follow.groupView}
    </label>
  );
}
