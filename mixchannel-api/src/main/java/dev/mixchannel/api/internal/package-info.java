/** Implementation detail of the API module (property parsing); no compatibility promise. */
package dev.mixchannel.api.internal;
