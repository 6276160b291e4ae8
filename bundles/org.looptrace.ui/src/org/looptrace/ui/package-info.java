// SPDX-License-Identifier: EPL-2.0
/**
 * The identifiers the LoopTrace IDE contributes (product, command, marker and content type ids, the
 * name of the model file "Model traces" writes), for tests and for the other UI bundles. The
 * IDE's behaviour is internal and reached through plugin.xml.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.ui;
