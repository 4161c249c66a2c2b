import { useQuery } from '@tanstack/react-query';
import { ZStorylineList } from '@ss/protocol';
import { api } from '../../lib/api';

export const storylinesKey = ['storylines'] as const;

export function useStorylines() {
  return useQuery({ queryKey: storylinesKey, queryFn: () => api.get('/api/storylines', ZStorylineList) });
}
