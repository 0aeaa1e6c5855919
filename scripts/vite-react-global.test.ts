import { describe, expect, it } from 'vitest';
import { addReactImport } from './vite-react-global';

describe('filerobot React import', () => {
  it('adds the import to a module that uses React without importing it', () => {
    const code = 'var A=function(){return React.createElement("div",null)};export default A;';
    expect(addReactImport(code)).toBe(`import React from 'react';\n${code}`);
  });

  it('leaves modules that import React, or do not use it, alone', () => {
    expect(addReactImport('import React,{useMemo}from"react";React.createElement("i")')).toBeNull();
    expect(addReactImport('export var x=1;')).toBeNull();
  });
});
