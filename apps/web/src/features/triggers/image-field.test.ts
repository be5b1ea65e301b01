import { TRIGGER_MSG } from '@prosa/shared/triggers';
import { describe, expect, it } from 'vitest';
import { imageProblem } from './image-field';

describe('trigger image before upload', () => {
  it('accepts JPEG and PNG up to 2MB', () => {
    expect(imageProblem({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeNull();
    expect(imageProblem({ type: 'image/jpeg', size: 10 })).toBeNull();
  });
  it('refuses other types and larger files with the contract texts', () => {
    expect(imageProblem({ type: 'image/gif', size: 10 })).toBe(TRIGGER_MSG.imageType);
    expect(imageProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe(TRIGGER_MSG.imageTooLarge);
  });
});
