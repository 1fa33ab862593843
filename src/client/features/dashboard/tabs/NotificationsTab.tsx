import { useEffect, useRef, useState } from 'react';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { useGetNotificationsQuery, useReadNotificationsMutation } from '../dashboard-api';
import { formatDateTime, newestFirst } from '../format';
import { CardList, ListCard, QueryState } from '../parts';

/**
 * The Notifications tab: newest first, the unread ones marked (a "New" label that screen readers read
 * too). Once shown they are marked read on the server; the marks stay while the tab is open.
 */
export function NotificationsTab() {
  const { t, i18n } = useTranslation();
  const { data, isError, refetch } = useGetNotificationsQuery();
  const [markRead] = useReadNotificationsMutation();
  // The notifications that were unread when the tab showed them.
  const [unread, setUnread] = useState<ReadonlySet<string> | null>(null);
  const marked = useRef(false);

  if (data && unread === null) setUnread(new Set(data.filter((n) => !n.read).map((n) => n.notification_id)));

  useEffect(() => {
    if (!unread || unread.size === 0 || marked.current) return;
    marked.current = true;
    void markRead();
  }, [unread, markRead]);

  if (!data) return <QueryState failed={isError} onRetry={() => void refetch()} />;
  return (
    <>
      <Typography component="h2" variant="h2" gutterBottom>
        {t('dashboard.notifications.title')}
      </Typography>
      {data.length === 0 ? (
        <EmptyState />
      ) : (
        <CardList label={t('dashboard.notifications.title')}>
          {newestFirst(data, (n) => n.created_at).map((notification) => {
            const isNew = !notification.read || Boolean(unread?.has(notification.notification_id));
            return (
              <ListCard key={notification.notification_id} highlight={isNew}>
                <Typography component="h3" variant="h3" sx={{ fontWeight: isNew ? 800 : 600 }}>
                  {isNew && (
                    <Chip
                      component="span"
                      size="small"
                      color="error"
                      label={t('dashboard.notifications.new')}
                      sx={{ mr: 1, verticalAlign: 'middle' }}
                    />
                  )}
                  {notification.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  <time dateTime={notification.created_at}>
                    {formatDateTime(notification.created_at, i18n.language)}
                  </time>
                </Typography>
                <Typography>{notification.message}</Typography>
                {notification.remark && (
                  <Typography sx={{ mt: 1 }}>
                    {t('dashboard.notifications.remark', { remark: notification.remark })}
                  </Typography>
                )}
              </ListCard>
            );
          })}
        </CardList>
      )}
    </>
  );
}
