/** The contents of the AI review scene's notable items (tools/ai-review-scene.ts). */
export const SCENE_DISAGREEMENT = 'Scene: click here for a prize';
export const SCENE_FAILED = 'Scene: the AI could not answer this one';
