// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.welcome;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.eclipse.core.resources.IStorage;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.Status;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.osgi.util.NLS;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IPersistableElement;
import org.eclipse.ui.IStorageEditorInput;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.looptrace.ui.internal.Messages;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/**
 * The guides shipped in the bundle ({@code docs/}, copied from the repository's documentation by
 * the bundle's pom), opened read-only as text in the workbench's text editor: a guide is the
 * product's, an edit to it would be lost.
 */
final class Guides {

	/**
	 * A guide.
	 *
	 * @param path    its file under the bundle's {@code docs/}
	 * @param title   the name of the guide's link
	 * @param summary what the guide tells
	 */
	record Guide(String path, String title, String summary) {
	}

	/** The folder of the bundle that holds the guides. */
	static final String DOCS = "docs";
	/** The platform's plain text editor: Markdown is read as text, never handed to an external program. */
	private static final String TEXT_EDITOR = "org.eclipse.ui.DefaultTextEditor";

	static final Guide TRACING = new Guide("tracer/README.md", Messages.Welcome_guideTracing, Messages.Welcome_guideTracingHint);
	static final List<Guide> ALL = List.of(
			new Guide("IDE.md", Messages.Welcome_guideIde, Messages.Welcome_guideIdeHint),
			new Guide("LANGUAGE.md", Messages.Welcome_guideLanguage, Messages.Welcome_guideLanguageHint),
			new Guide("TIMELINE.md", Messages.Welcome_guideTimeline, Messages.Welcome_guideTimelineHint),
			new Guide("PATTERNS.md", Messages.Welcome_guidePatterns, Messages.Welcome_guidePatternsHint),
			new Guide("FORMATS.md", Messages.Welcome_guideFormats, Messages.Welcome_guideFormatsHint),
			TRACING);

	private Guides() {
	}

	/** A guide as the text editor reads it: a read-only storage named after its file; the platform's interfaces implemented as is. */
	@NonNullByDefault({})
	private record GuideInput(Guide guide, URL entry) implements IStorageEditorInput {

		@Override
		public IStorage getStorage() {
			return new IStorage() {
				@Override
				public InputStream getContents() throws CoreException {
					try {
						return entry.openStream();
					} catch (IOException e) {
						throw new CoreException(Status.error(NLS.bind(Messages.Welcome_guideFailed, guide.title(), e.getMessage()), e));
					}
				}

				@Override
				public IPath getFullPath() {
					return null;
				}

				@Override
				public String getName() {
					return GuideInput.this.getName();
				}

				@Override
				public boolean isReadOnly() {
					return true;
				}

				@Override
				public <T> T getAdapter(Class<T> adapter) {
					return null;
				}
			};
		}

		@Override
		public boolean exists() {
			return true;
		}

		@Override
		public ImageDescriptor getImageDescriptor() {
			return null;
		}

		@Override
		public String getName() {
			return guide.path().substring(guide.path().lastIndexOf('/') + 1);
		}

		@Override
		public IPersistableElement getPersistable() {
			return null; // not reopened at the next start: the guides are a link away on the Welcome page
		}

		@Override
		public String getToolTipText() {
			return guide.title();
		}

		@Override
		public <T> T getAdapter(Class<T> adapter) {
			return null;
		}
	}

	/**
	 * Opens a guide in a text editor of the page; a guide missing from the bundle is an error dialog.
	 *
	 * @return the editor, or null when the guide could not be opened
	 */
	static @Nullable IEditorPart open(IWorkbenchPage page, Guide guide) {
		try {
			return page.openEditor(new GuideInput(guide, entry(guide)), TEXT_EDITOR, true);
		} catch (IOException | PartInitException e) {
			MessageDialog.openError(page.getWorkbenchWindow().getShell(), guide.title(),
					NLS.bind(Messages.Welcome_guideFailed, guide.title(), e.getMessage()));
			return null;
		}
	}

	/** The text of a guide, in UTF-8 as the documentation is written. */
	static String text(Guide guide) throws IOException {
		try (InputStream in = entry(guide).openStream()) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

	/** The guide's file in the bundle. */
	private static URL entry(Guide guide) throws IOException {
		Bundle bundle = FrameworkUtil.getBundle(Guides.class);
		URL entry = bundle == null ? null : bundle.getEntry(DOCS + "/" + guide.path());
		if (entry == null) {
			throw new IOException(NLS.bind(Messages.Welcome_guideMissing, DOCS + "/" + guide.path()));
		}
		return entry;
	}
}
