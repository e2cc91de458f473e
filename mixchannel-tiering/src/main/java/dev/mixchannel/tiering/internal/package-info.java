/**
 * The implementation of {@code dev.mixchannel.tiering}: the key index ({@link
 * dev.mixchannel.tiering.internal.Catalog}), the channel handles, the migration protocol ({@link
 * dev.mixchannel.tiering.internal.Migrator}), the policy agent and the JMX beans. No compatibility
 * is promised for anything in this package.
 *
 * <p>Lock order: the catalog's index lock, then a segment's append lock, then a segment's
 * read-write lock. Two segments' read-write locks are held together only by rename (both exclusive,
 * under the index lock); everything else holds at most one, and never takes the same one twice.
 */
package dev.mixchannel.tiering.internal;
