// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.navigator;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.resource.LocalResourceManager;
import org.eclipse.jface.resource.ResourceLocator;
import org.eclipse.jface.viewers.DelegatingStyledCellLabelProvider.IStyledLabelProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.LabelProviderChangedEvent;
import org.eclipse.jface.viewers.StyledString;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.navigator.ICommonContentExtensionSite;
import org.eclipse.ui.navigator.ICommonLabelProvider;
import org.looptrace.ui.LoopTraceUi;
import org.looptrace.ui.internal.LoopTraceBuilder;
import org.looptrace.ui.internal.Messages;

/**
 * Labels of runs in the Project Explorer: a trace folder, or a folder holding an OTF2 archive, is
 * named with its ranks, events, size and the state of its model ({@link RunSummary}), the group of
 * its rank files with their number. Events are counted in a job (reading every trace, or an
 * archive's definitions) and kept until a run file changes; the labels of a run change when its
 * files or its model do. Other elements are left to the platform's labels.
 */
@NonNullByDefault({}) // the navigator's interfaces, implemented as they are (null: not ours to label)
public final class RunLabels extends LabelProvider implements ICommonLabelProvider, IStyledLabelProvider, IResourceChangeListener,
		NoState {

	/** The family of the jobs counting events, for the tests to wait on. */
	static final Object COUNT_FAMILY = RunLabels.class;

	/** The summaries with their events counted, by folder. */
	private final Map<IContainer, RunSummary> counted = new ConcurrentHashMap<>();
	private final Set<IContainer> counting = ConcurrentHashMap.newKeySet();
	/** The folders holding an archive whose files changed since it was read. */
	private final Set<IContainer> stale = ConcurrentHashMap.newKeySet();
	private final LocalResourceManager images = new LocalResourceManager(JFaceResources.getResources());
	private Display display;

	@Override
	public void init(ICommonContentExtensionSite site) {
		display = Display.getCurrent();
		ResourcesPlugin.getWorkspace().addResourceChangeListener(this, IResourceChangeEvent.POST_CHANGE);
	}

	@Override
	public StyledString getStyledText(Object element) {
		if (element instanceof RankFiles files) {
			StyledString text = new StyledString(Messages.Run_rankFiles);
			text.append(" (" + files.files().size() + ")", StyledString.COUNTER_STYLER);
			return text;
		}
		RunSummary summary = summary(element);
		if (summary == null) {
			return null;
		}
		StyledString text = new StyledString(((IResource) element).getName());
		text.append("  " + describe(summary), StyledString.DECORATIONS_STYLER);
		return text;
	}

	@Override
	public String getText(Object element) {
		StyledString text = getStyledText(element);
		return text == null ? null : text.getString();
	}

	@Override
	public Image getImage(Object element) {
		if (element instanceof RankFiles) {
			return icon("ranks.png");
		}
		return summary(element) == null ? null : icon("run.png");
	}

	@Override
	public String getDescription(Object element) {
		RunSummary summary = summary(element);
		return summary == null ? null : ((IResource) element).getFullPath().makeRelative() + ": " + describe(summary);
	}

	/**
	 * The summary of a run, a trace folder or a folder holding an OTF2 archive (its events when
	 * counted, or its archive's definitions when read; a job started to do so otherwise); null for
	 * anything else. An archive's files are not listed here, in the UI thread, but in the job (an
	 * archive has files by the thousand): until it is read, its summary is {@link RunSummary#PENDING_ARCHIVE}.
	 */
	RunSummary summary(Object element) {
		if (!(element instanceof IContainer folder)) {
			return null;
		}
		boolean traces = RankFiles.isTraceFolder(folder);
		Optional<Path> anchor = traces ? Optional.empty() : RankFiles.archiveOf(folder);
		if (!traces && anchor.isEmpty()) {
			return null;
		}
		RunSummary known = counted.get(folder);
		if (anchor.isPresent()) {
			if (known == null || stale.contains(folder)) {
				count(folder, monitor -> {
					stale.remove(folder);
					return RunSummary.readArchive(RunSummary.ofArchive(folder, anchor.get()), anchor.get(), monitor);
				});
			}
			return known != null ? known : RunSummary.PENDING_ARCHIVE;
		}
		RankFiles run = new RankFiles(folder);
		RunSummary now = RunSummary.of(run, -1);
		if (known != null && known.describes(now)) {
			return now.with(known);
		}
		count(folder, monitor -> now.with(RunSummary.of(run, RunSummary.countEvents(run, monitor::isCanceled))));
		return now;
	}

	/** Reads the summary of a run in a job, unless one is reading it, then relabels the run. */
	private void count(IContainer folder, Function<IProgressMonitor, RunSummary> read) {
		if (!counting.add(folder)) {
			return;
		}
		Job count = new Job(NLS.bind(Messages.Run_counting, folder.getFullPath().makeRelative())) {
			@Override
			protected IStatus run(IProgressMonitor monitor) {
				try {
					RunSummary summary = read.apply(monitor);
					if (!monitor.isCanceled()) {
						counted.put(folder, summary);
						changed(List.of(folder));
					}
				} finally {
					counting.remove(folder);
				}
				return Status.OK_STATUS;
			}

			@Override
			public boolean belongsTo(Object family) {
				return family == COUNT_FAMILY;
			}
		};
		count.setSystem(true);
		count.setPriority(Job.DECORATE);
		count.schedule();
	}

	/** "16 ranks · 34,560 events · 1.2 MB · model current". */
	static String describe(RunSummary summary) {
		if (summary == RunSummary.PENDING_ARCHIVE) {
			return Messages.Run_readingArchive;
		}
		List<String> parts = new ArrayList<>();
		if (summary.ranks() >= 0) {
			parts.add(NLS.bind(summary.ranks() == 1 ? Messages.Run_rank : Messages.Run_ranks, summary.ranks()));
		}
		if (summary.events() >= 0) {
			parts.add(NLS.bind(summary.archive() ? Messages.Run_archiveEvents : Messages.Run_events,
					String.format(Locale.ROOT, "%,d", summary.events())));
		}
		parts.add(size(summary.bytes()));
		parts.add(switch (summary.model()) {
		case NONE -> Messages.Run_noModel;
		case STALE -> Messages.Run_staleModel;
		case CURRENT -> Messages.Run_currentModel;
		});
		return String.join(" \u00b7 ", parts);
	}

	/** A size in bytes as people read it: 512 B, 56.3 KB, 1.2 MB. */
	static String size(long bytes) {
		String[] units = { "B", "KB", "MB", "GB", "TB" };
		double value = bytes;
		int unit = 0;
		while (value >= 1000 && unit < units.length - 1) {
			value /= 1000;
			unit++;
		}
		return unit == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
	}

	/**
	 * Run files or models changed: the labels of their folders change. A change anywhere under a folder
	 * holding an archive (its files are in subfolders) has the archive read again.
	 */
	@Override
	public void resourceChanged(IResourceChangeEvent event) {
		if (event.getDelta() == null) {
			return;
		}
		Set<IContainer> folders = new HashSet<>();
		try {
			event.getDelta().accept(delta -> {
				IResource resource = delta.getResource();
				if (LoopTraceBuilder.isRunFile(resource) || LoopTraceBuilder.isArchiveAnchor(resource) || RunSummary.isModel(resource)) {
					folders.add(resource.getParent());
				}
				for (IContainer folder = resource.getParent(); folder != null; folder = folder.getParent()) {
					RunSummary known = counted.get(folder);
					if (known != null && known.archive()) {
						stale.add(folder);
						folders.add(folder);
					}
				}
				return true;
			});
		} catch (CoreException e) {
			return; // the labels are refreshed at the next change
		}
		changed(folders);
	}

	private void changed(Iterable<IContainer> folders) {
		Display shown = display;
		if (shown == null || shown.isDisposed()) {
			return;
		}
		List<Object> elements = new ArrayList<>();
		folders.forEach(elements::add);
		if (!elements.isEmpty()) {
			shown.asyncExec(() -> fireLabelProviderChanged(new LabelProviderChangedEvent(this, elements.toArray())));
		}
	}

	private Image icon(String name) {
		return images.create(ResourceLocator.imageDescriptorFromBundle(LoopTraceUi.BUNDLE_ID, "icons/" + name)
				.orElse(ImageDescriptor.getMissingImageDescriptor()));
	}

	@Override
	public void dispose() {
		ResourcesPlugin.getWorkspace().removeResourceChangeListener(this);
		Job.getJobManager().cancel(COUNT_FAMILY);
		images.dispose();
		super.dispose();
	}
}
