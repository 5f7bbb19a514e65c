package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"github.com/iconlib/iconlib/internal/credential"
)

func newKeysCmd() *cobra.Command {
	keys := &cobra.Command{
		Use:   "keys",
		Short: "Manage the key that signs agent credentials",
		Args:  cobra.NoArgs,
	}
	var keyFile, publicDir string
	rotate := &cobra.Command{
		Use:   "rotate",
		Short: "Replace the signing key, ending every identity assertion and access token at once",
		Long: `Replace the signing key in the key file with a new one (creating the file if it is missing).

The file is replaced atomically. Every running edge sharing the file uses the new key from its next
request on, so every identity assertion and access token issued before stops working at once (requests
with them get 401 invalid_token; agents register again, or go on without a token). There is no other
revocation.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := credential.CheckNotPublic(keyFile, publicDir); err != nil {
				return err
			}
			old := ""
			if _, err := os.Stat(keyFile); err == nil {
				kf, err := credential.OpenKeyFile(keyFile)
				if err != nil {
					return fmt.Errorf("refusing to replace an unreadable key file: %w", err)
				}
				k, _ := kf.Current()
				old = k.ID
			} else if !errors.Is(err, fs.ErrNotExist) {
				return err
			}
			key, err := credential.Rotate(keyFile)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if old == "" {
				fmt.Fprintf(out, "created signing key %s in %s\n", key.ID, keyFile)
				return nil
			}
			fmt.Fprintf(out, "replaced signing key %s with %s in %s; every credential issued before is now invalid\n",
				old, key.ID, keyFile)
			return nil
		},
	}
	f := rotate.Flags()
	f.StringVar(&keyFile, "key-file", credential.DefaultKeyFile, "file holding the signing key (shared by every edge copy)")
	f.StringVar(&publicDir, "public", "public", "served directory the key file must not be inside")
	keys.AddCommand(rotate)
	return keys
}
