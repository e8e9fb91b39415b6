// How dependency-cruiser reads our TypeScript (ADR 0014): Babel strips types and JSX, after
// `keepTypeImports` has turned every type-only import or re-export into a bare import of the same
// module, so that type-only dependencies stay visible to the architecture rules (cycles, boundaries).
function keepTypeImports({ types: t }) {
  const typeOnly = (node) =>
    (node.type === 'ImportDeclaration' &&
      (node.importKind === 'type' ||
        (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type')))) ||
    (node.type === 'ExportNamedDeclaration' && node.source && node.exportKind === 'type');
  return {
    visitor: {
      // On entering the program, before the TypeScript preset drops type-only imports there.
      Program(path) {
        path.node.body = path.node.body.map((node) =>
          typeOnly(node) ? t.importDeclaration([], t.stringLiteral(node.source.value)) : node,
        );
      },
    },
  };
}

module.exports = {
  plugins: [keepTypeImports],
  presets: [
    ['@babel/preset-typescript', { onlyRemoveTypeImports: true }],
    ['@babel/preset-react', { runtime: 'automatic' }],
  ],
};
