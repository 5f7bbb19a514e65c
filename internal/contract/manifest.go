package contract

// ManifestFile is the path of the build's manifest under public/.
const ManifestFile = "manifest.json"

// Manifest is the body of manifest.json: every file of a build (but itself and its precompressed
// variants, which its entries list) with its hash, size, media type and cache class, so the edge takes
// ETags and headers from it instead of reading every file at start, and a snapshot has one content hash.
type Manifest struct {
	// Generator names the program and version that built the snapshot.
	Generator string `json:"generator"`
	// Snapshot is the SHA-256 of the listing (each path, hash and size, in path order, variants included):
	// it changes when any file does.
	Snapshot string                   `json:"snapshot"`
	Files    map[string]ManifestEntry `json:"files"`
}

// ManifestEntry is what the manifest says of one file.
type ManifestEntry struct {
	SHA256    string     `json:"sha256"`
	Size      int        `json:"size"`
	MediaType string     `json:"type"`
	Cache     CacheClass `json:"cache"`
	// Encodings are the precompressed variants beside the file, by content coding ("br", "gzip"):
	// <path>.br and <path>.gz.
	Encodings map[string]ManifestVariant `json:"encodings,omitempty"`
}

// ManifestVariant is one precompressed variant of a file.
type ManifestVariant struct {
	SHA256 string `json:"sha256"`
	Size   int    `json:"size"`
}
