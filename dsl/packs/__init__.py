"""Content packs: safe YAML loading, manifests, dependency resolution and merging."""
