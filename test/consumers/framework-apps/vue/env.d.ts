/// <reference types="vite/client" />
import type {} from '@agent-chat/widget/vue';
