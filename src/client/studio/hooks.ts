import { useDispatch, useSelector } from 'react-redux';
import type { StudioDispatch, StudioState } from './studio-store';

export const useStudioDispatch = useDispatch.withTypes<StudioDispatch>();
export const useStudioSelector = useSelector.withTypes<StudioState>();
