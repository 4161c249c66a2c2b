import type { ReactNode } from 'react';
import { Page } from '../../components/Page';
import { HostHeader } from '../dashboard/HostHeader';
import { AdminNav, type AdminScreen } from './AdminNav';

/** The frame of an admin screen: the host's header, a wide page, and the admin navigation above the content. */
export function AdminPage({ current, children }: { current: AdminScreen; children: ReactNode }) {
  return (
    <>
      <HostHeader />
      <Page wide>
        <AdminNav current={current} />
        {children}
      </Page>
    </>
  );
}
