import { z } from 'zod/mini';

// Every message a member can see is Japanese, the ones zod writes itself included (an array where
// an object belongs, say): our schemas give their own messages, zod's Japanese locale the rest.
// Set once here, where the contract is loaded, so the bff and the browser (one shared zod) agree.
z.config(z.locales.ja());
