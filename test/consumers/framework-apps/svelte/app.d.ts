import type {} from '@agent-chat/widget/svelte';
